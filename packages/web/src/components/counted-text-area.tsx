import { useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Input } from 'antd';
import { TEXT_LIMIT_REACHED } from '@summit/domain/application';
import { formatMessage } from '@summit/domain/messages';
import { TEXTAREA_MAX_UNITS, countTextUnits } from '@summit/domain/validation';
import { limitEdit } from './unit-limit.ts';

/**
 * The counter and the hard stop shared by both inputs: antd calls `exceedFormatter` with the whole new
 * value when an edit would pass the limit, and we keep the old text plus as much of the insertion as fits
 * (unit-limit.ts). When something was held back, a line under the input says so.
 */
function useUnitCount(maxUnits: number, value: unknown) {
  const [held, setHeld] = useState(false);
  const current = typeof value === 'string' ? value : '';
  const last = useRef(current);
  last.current = current;
  const count = {
    show: true,
    max: maxUnits,
    strategy: countTextUnits,
    exceedFormatter: (next: string) => {
      const kept = limitEdit(last.current, next, maxUnits);
      setHeld(kept !== next);
      return kept;
    },
  };
  // The notice goes once the student makes room again.
  const showHeld = held && countTextUnits(current) >= maxUnits;
  const notice: ReactNode = showHeld ? (
    <div className="counted-input__limit" role="status" style={{ marginTop: 4, paddingRight: 96, fontSize: 13, color: "var(--ant-color-warning-text, #ad6800)" }}>
      {formatMessage(TEXT_LIMIT_REACHED, maxUnits)}
    </div>
  ) : null;
  return { count, notice };
}

type TextAreaProps = Omit<ComponentProps<typeof Input.TextArea>, 'count' | 'showCount' | 'maxLength'> & {
  /** Limit in counting units (docs/product/validation.md: a Chinese character or a run of Latin letters is one). */
  maxUnits?: number;
};

/**
 * Textarea with the spec's counter ("12/100"), counted by the domain's rule, that stops typing and pasting
 * at exactly the limit the server enforces (decision 024).
 */
export function CountedTextArea({ maxUnits = TEXTAREA_MAX_UNITS, ...rest }: TextAreaProps) {
  const { count, notice } = useUnitCount(maxUnits, rest.value);
  // antd draws the counter below the box, out of the flow: leave it room so a form item's help text
  // underneath does not run into it.
  return (
    <div style={{ paddingBottom: 22 }}>
      <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} {...rest} count={count} />
      {notice}
    </div>
  );
}

type InputProps = Omit<ComponentProps<typeof Input>, 'count' | 'showCount' | 'maxLength'> & { maxUnits: number };

/** A one-line input limited in counting units, like CountedTextArea. */
export function CountedInput({ maxUnits, ...rest }: InputProps) {
  const { count, notice } = useUnitCount(maxUnits, rest.value);
  return (
    <>
      <Input {...rest} count={count} />
      {notice}
    </>
  );
}
