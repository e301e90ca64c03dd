export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path d="M16 24s-7-4.3-7-9.5A4 4 0 0 1 16 12a4 4 0 0 1 7 2.5C23 19.7 16 24 16 24z" fill="#ccfbf1" />
    </svg>
  );
}
