// What a staff account may reach: one or more roles, each an area of the staff calls
// (`/api/admin/*`). `owner` holds every area and alone manages staff (their second factors'
// enrolment links and their roles). A staff account is one whose scope holds `admin`; its
// roles sit beside it in the same scope list.
export const STAFF_ROLES = ['owner', 'content', 'payments', 'support', 'identity', 'settings'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether a scope list reaches `role`'s area: it holds the role itself, or `owner`. */
export function holdsRole(scope: unknown, role: StaffRole): boolean {
  return Array.isArray(scope) && scope.includes('admin') && (scope.includes(role) || scope.includes('owner'));
}

/** The roles a scope list holds, in STAFF_ROLES' order. */
export const rolesOf = (scope: unknown): StaffRole[] => (Array.isArray(scope) ? STAFF_ROLES.filter((r) => scope.includes(r)) : []);
