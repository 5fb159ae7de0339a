import { Checkbox } from 'antd';

/**
 * A checkbox group for a required Form.Item: antd's Form.Item hands its control aria-required, which is not allowed
 * on the group's plain <div> (axe aria-allowed-attr). The label's required mark and the validator still say it
 * (decision 093).
 */
export function CheckboxGroupField(props: Parameters<typeof Checkbox.Group>[0] & { 'aria-required'?: unknown }) {
  const { 'aria-required': _required, ...rest } = props;
  return <Checkbox.Group {...rest} />;
}
