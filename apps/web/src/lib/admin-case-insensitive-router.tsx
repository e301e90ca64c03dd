import { type ReactNode, useMemo } from 'react';
import { type Parser, Router, useRouter } from 'wouter';

const ADMIN_ROUTE = /^\/admin(?:\/|$)/i;

// Admin links in the original product mix casings (/admin/Reports and /admin/reports), so admin
// patterns match regardless of case while public routes keep exact matching.
function withCaseInsensitiveAdmin(parse: Parser): Parser {
  return (route, loose) => {
    const parsed = parse(route, loose);
    if (!ADMIN_ROUTE.test(route) || !(parsed.pattern instanceof RegExp)) return parsed;
    const flags = parsed.pattern.flags.includes('i') ? parsed.pattern.flags : `${parsed.pattern.flags}i`;
    return { ...parsed, pattern: new RegExp(parsed.pattern.source, flags) };
  };
}

export function AdminCaseInsensitiveRouter({ children }: { children: ReactNode }) {
  const { parser } = useRouter();
  const adminParser = useMemo(() => withCaseInsensitiveAdmin(parser), [parser]);
  return <Router parser={adminParser}>{children}</Router>;
}
