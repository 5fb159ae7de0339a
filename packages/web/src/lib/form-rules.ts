import type { FormRule } from 'antd';
import { phoneProblem } from '@summit/domain/field-rules';

/** What the adapter needs from a zod schema (kept structural so the web need not depend on zod itself). */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** The first message a schema gives for a value, or null when it passes. */
export function schemaProblem(schema: FieldSchema, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? '格式错误';
}

/**
 * An antd Form rule that runs a domain schema, so the message under a field is exactly the one the server
 * would answer with. Empty inputs reach the schema as undefined, which is how the domain words "missing".
 */
export function zodRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const normalized = value === '' || value === null ? undefined : value;
      const problem = schemaProblem(schema, normalized);
      if (problem) throw new Error(problem);
    },
  };
}

/**
 * The phone rule depends on the selected dialling code (the 11-digit rule is mainland-only), so it reads
 * the code through `codeOf` from the form's other fields.
 */
export function phoneRule(codeOf: (getFieldValue: (name: string) => unknown) => string = (get) => String(get('phone_code') ?? '86')): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const code = codeOf(getFieldValue);
      const problem = phoneProblem(typeof value === 'string' ? value : '', code);
      if (problem) throw new Error(problem);
    },
  });
}
