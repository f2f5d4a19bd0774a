/**
 * A refund amount as an admin types it ("12.50", "12,50", "12") in minor units of `scale`
 * decimal places, or null when it is not a positive amount with at most that many decimals.
 * Read as digits, never as a float, so 0.1 + 0.2 cannot creep into money.
 */
export function minorUnits(typed: string, scale: number): number | null {
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(typed.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > scale) return null;
  const amount = Number(`${match[1]}${fraction.padEnd(scale, "0")}`);
  return amount >= 1 ? amount : null;
}

/** Minor units as a plain decimal an admin can edit: 1250 at scale 2 is "12.50". */
export function typedAmount(amount: number, scale: number): string {
  if (scale === 0) return String(amount);
  const digits = String(amount).padStart(scale + 1, "0");
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
