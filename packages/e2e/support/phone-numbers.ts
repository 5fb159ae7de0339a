const used = new Set<string>();

/**
 * A mainland mobile number no other test (or demo account) uses: `139` + 8 digits. The demo students
 * are 13900000001/2, so the 8 digits start at 10000000. Random rather than sequential so reruns against a
 * reused database (DATABASE_URL) do not collide with accounts left by an earlier run.
 */
export function uniquePhone(): string {
  for (;;) {
    const phone = `139${10_000_000 + Math.floor(Math.random() * 90_000_000)}`;
    if (!used.has(phone)) {
      used.add(phone);
      return phone;
    }
  }
}

/** `13912345678` → `139****5678`, how the account page shows a phone. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}
