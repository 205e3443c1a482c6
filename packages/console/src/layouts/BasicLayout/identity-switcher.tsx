/**
 * The identity switcher (SPEC §2 Menus: identity choices platform administrator, tenant administrator,
 * application administrator, my workbench — only those the user holds). Switching refreshes the user
 * info and goes to that identity's home, where the guard initialises its menu (SPEC §4). A role holder
 * (user type 3 from their roles' menu grants, without the tenant administrator identity; docs/tenancy.md)
 * sees the tenant area named "tenant" (SPEC §3 user type 3), here and in the breadcrumb.
 */
import { Button, Dropdown } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { expandIdentities, UserType, type SessionUserInfo, type UserTypeValue } from '@mp/protocol';
import { homeOf } from '../../routes/areas';
import { useConfigStore } from '../../stores/config';
import { refreshUserInfo, sessionUserTypes } from '../../stores/session-actions';
import { useSessionStore } from '../../stores/session';

/** An identity choice and the user type it opens; types 3 and 5 belong to the tenant / app admin. */
export const IDENTITY_CHOICES: { key: string; userType: UserTypeValue; also: UserTypeValue[] }[] = [
  { key: 'platformAdmin', userType: 1, also: [] },
  { key: 'tenantAdmin', userType: 2, also: [3] },
  { key: 'appAdmin', userType: 4, also: [5] },
  { key: 'workbench', userType: 7, also: [] },
];

/** The identity choices a user may switch to: those whose user type they hold. */
export function identityChoicesFor(types: readonly UserTypeValue[]) {
  return IDENTITY_CHOICES.filter((c) => types.includes(c.userType) || c.also.some((a) => types.includes(a)));
}

/** True for a user who holds user type 3 only through role grants (no identity that gives it). */
export function isTenantRoleHolder(info: SessionUserInfo | null): boolean {
  return sessionUserTypes(info).includes(UserType.TENANT) && !expandIdentities((info?.userType ?? []).map(Number)).includes(UserType.TENANT);
}

/** The text key (layout) naming an identity choice: 'identity.tenant' for the tenant area of a role holder. */
export function identityTextKey(key: string, roleHolder: boolean): 'identity.tenant' | `identity.${string}` {
  return key === 'tenantAdmin' && roleHolder ? 'identity.tenant' : `identity.${key}`;
}

export default function IdentitySwitcher() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const info = useSessionStore((s) => s.userInfo);
  const current = useSessionStore((s) => s.currentUserType);
  const config = useConfigStore((s) => s.login);
  const choices = identityChoicesFor(sessionUserTypes(info));
  const roleHolder = isTenantRoleHolder(info);
  const name = (key: string) => t(identityTextKey(key, roleHolder) as never) as unknown as string;
  const active = choices.find((c) => c.userType === current || c.also.includes(current as UserTypeValue));

  const switchTo = async (key: string): Promise<void> => {
    const choice = choices.find((c) => c.key === key);
    if (!choice || choice === active) return;
    try {
      await refreshUserInfo();
    } catch (e) {
      console.warn('[identity] refresh failed', e);
    }
    const types = sessionUserTypes(useSessionStore.getState().userInfo);
    const target = types.includes(choice.userType) ? choice.userType : choice.also.find((a) => types.includes(a));
    if (target) navigate(homeOf(target, config));
  };

  if (choices.length === 0) return null;
  const label = active ? name(active.key) : t('header.switchIdentity');
  if (choices.length === 1) {
    return (
      <span className="mp-identity-static" title={t('header.currentIdentity', { name: label })}>
        {label}
      </span>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: active ? [active.key] : [],
        items: choices.map((c) => ({ key: c.key, label: name(c.key) })),
        onClick: ({ key }) => {
          void switchTo(key);
        },
      }}
    >
      <Button type="text" icon={<SwapOutlined />} aria-label={t('header.switchIdentity')} data-testid="identity-switch">
        {label}
      </Button>
    </Dropdown>
  );
}
