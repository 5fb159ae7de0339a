import type { ComponentProps } from 'react';
import { Input } from 'antd';
import { TEXTAREA_MAX_UNITS, countTextUnits } from '@summit/domain';

type TextAreaProps = Omit<ComponentProps<typeof Input.TextArea>, 'count' | 'showCount' | 'maxLength'> & {
  /** Limit in counting units (spec §5: a Chinese character or a run of Latin letters is one). */
  maxUnits?: number;
};

/**
 * Textarea with the spec's counter ("12/100"), counted by the domain's rule so the number shown is the one
 * the server enforces. Over the limit the counter turns red; the rule on the form item reports it.
 */
export function CountedTextArea({ maxUnits = TEXTAREA_MAX_UNITS, ...rest }: TextAreaProps) {
  return (
    <Input.TextArea
      autoSize={{ minRows: 3, maxRows: 10 }}
      {...rest}
      count={{ show: true, max: maxUnits, strategy: countTextUnits }}
    />
  );
}
