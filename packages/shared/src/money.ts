/** An amount in paise as the clinic writes it: '₹1,500.00' (Indian digit grouping). */
export function formatRupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
