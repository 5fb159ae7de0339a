/** 13912345678 → 139****5678: the middle four digits hidden (account page, spec-style masking). */
export function maskPhone(phone: string): string {
  const digits = phone.trim();
  if (digits.length < 7) return digits;
  const start = Math.floor((digits.length - 4) / 2);
  return `${digits.slice(0, start)}****${digits.slice(start + 4)}`;
}
