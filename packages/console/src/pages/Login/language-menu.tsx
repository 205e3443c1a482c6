/**
 * The login page's language menu (SPEC §1 Languages): the four entries of LANGUAGES with Russian disabled,
 * switching through `setLanguage`. Light markup in the look of the header's antd dropdown
 * (components/LanguageSwitch), so the sign-in page loads no antd (issue 17): a button (name: the
 * "language" text) opening a `menu` of `menuitem`s; Escape, a click outside or a choice closes it, the
 * arrow keys move between the entries.
 */
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@mp/protocol';
import LightIcon from '../../components/LightIcon';
import { setLanguage } from '../../i18n';
import { useUiStore } from '../../stores/ui';

export default function LanguageMenu() {
  const { t } = useTranslation('layout');
  const language = useUiStore((s) => s.language);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const current = LANGUAGES.find((l) => l.value === language);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: MouseEvent): void => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const choose = (value: string): void => {
    setOpen(false);
    setLanguage(value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>): void => {
    const enabled = items.current.filter((el): el is HTMLLIElement => Boolean(el && el.getAttribute('aria-disabled') !== 'true'));
    const at = enabled.indexOf(document.activeElement as HTMLLIElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      enabled[(at + (e.key === 'ArrowDown' ? 1 : enabled.length - 1)) % enabled.length]?.focus();
    }
  };

  return (
    <div className="mp-l-dropdown" ref={root}>
      <button
        type="button"
        className="mp-l-lang mp-lang-light"
        aria-label={t('header.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="language-switch"
        onClick={() => setOpen((o) => !o)}
      >
        <LightIcon icon={GlobalOutlined} />
        <span>{current?.text}</span>
      </button>
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA menu pattern on a list (as antd's menu), keys handled here
        <ul className="mp-l-menu" role="menu" onKeyDown={onKeyDown}>
          {LANGUAGES.map((l, i) => (
            <li
              key={l.value}
              ref={(el) => {
                items.current[i] = el;
              }}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the menu's items (WAI-ARIA menu pattern), focusable and answering Enter and Space
              role="menuitem"
              tabIndex={l.enable ? -1 : undefined}
              aria-disabled={!l.enable}
              className={`mp-l-menu-item${l.value === language ? ' mp-l-menu-item-selected' : ''}${l.enable ? '' : ' mp-l-menu-item-disabled'}`}
              onClick={() => {
                if (l.enable) choose(l.value);
              }}
              onKeyDown={(e) => {
                if (l.enable && (e.key === 'Enter' || e.key === ' ')) {
                  e.preventDefault();
                  choose(l.value);
                }
              }}
            >
              {l.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
