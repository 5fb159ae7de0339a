/**
 * Masking of personal numbers inside free text (docs/design.md §4: no unmasked phone or ID number in a log line).
 * Pure string work, so the server's log scrubber and any later export or report can share it.
 */
import { maskPhone } from './payments.ts';

/** 110105200501011234 → 110****34: the region prefix and the last two characters stay, so a line can be matched to a case. */
export function maskIdNumber(id: string): string {
  const v = id.trim();
  if (v.length <= 5) return '*'.repeat(v.length);
  return `${v.slice(0, 3)}****${v.slice(-2)}`;
}

/*
 * A mainland mobile number (1[3-9] and 9 digits), optionally written +86 / 86 in front. Not inside a longer
 * run of digits or letters (an order number, a hash, a timestamp) and not after a decimal point.
 */
const PHONE_IN_TEXT = /(?<![0-9A-Za-z.])((?:\+?86[ -]?)?)(1[3-9]\d{9})(?![0-9A-Za-z])/g;

/*
 * An 18-character resident ID number: 6 region digits, a birth date from 1800 on, 3 sequence digits and a
 * check character. The checksum is not required — a mistyped number is still someone's number — but the date
 * is, which keeps 18-digit ids and amounts that are not ID numbers readable.
 */
const ID_IN_TEXT = /(?<![0-9A-Za-z.])(\d{6}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx])(?![0-9A-Za-z])/g;

/** Every mainland phone number and resident ID number in `text`, masked; everything else unchanged. */
export function maskPersonalNumbers(text: string): string {
  if (!/\d{11}/.test(text)) return text;
  return text.replace(ID_IN_TEXT, (id: string) => maskIdNumber(id)).replace(PHONE_IN_TEXT, (_m, prefix: string, phone: string) => `${prefix}${maskPhone(phone)}`);
}
