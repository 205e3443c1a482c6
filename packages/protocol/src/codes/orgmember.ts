/**
 * Response codes of the organisation members area (`orgmember.reason`); messages under
 * `errors:orgmember.<reason>` in @mp/i18n (locales/<locale>/errors-orgmember.ts). SPEC §2
 * orgEmployeeRelation; docs/tenant-members.md.
 */
export const OrgMemberCodes = {
  /** The organisation does not exist in the tenant (another tenant's id included). */
  ORG_NOT_FOUND: 'orgmember.org_not_found',
  /** addorguser without users (SPEC §5 "at least one user to add"). */
  USER_REQUIRED: 'orgmember.user_required',
  /** deleteorguser without members (SPEC §5 Generic "select at least one record"). */
  MEMBER_REQUIRED: 'orgmember.member_required',
  /** A user id that is not a user of the tenant (or not in the caller's data scope). */
  USER_NOT_FOUND: 'orgmember.user_not_found',
  /** The user's affiliated organisation is this one: change it in the user form, not here (params: name). */
  AFFILIATED: 'orgmember.affiliated',
} as const;
