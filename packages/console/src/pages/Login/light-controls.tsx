/**
 * The sign-in form's controls without Ant Design (issue 17: /login's first load has no antd): a form
 * item with its error line, a text / password input with a prefix icon, a checkbox, the primary button
 * and the error alert. Same look and accessible names as antd's (styles/light.css `.mp-l-*`): the input's
 * name is its aria-label, the checkbox's its label text, errors are `role="alert"`.
 */
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useState, type ReactNode } from 'react';
import LightIcon from '../../components/LightIcon';

/** A form row: the control (centred in at least 40px), then its error (if any) in place of the row's bottom margin. */
export function Field({ error, className, children }: { error?: string | null; className?: string; children: ReactNode }) {
  return (
    <div className={`mp-l-item${error ? ' mp-l-item-error' : ''}${className ? ` ${className}` : ''}`}>
      <div className="mp-l-control">{children}</div>
      {error && (
        <div className="mp-l-explain" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export interface TextInputProps {
  icon: IconDefinition;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  maxLength: number;
  password?: boolean;
  invalid?: boolean;
}

/** A large input with a prefix icon; `password` adds the show / hide toggle. Placeholder and name: `label`. */
export function TextInput({ icon, label, value, onChange, autoComplete, maxLength, password, invalid }: TextInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={`mp-l-input${invalid ? ' mp-l-input-error' : ''}`}>
      <span className="mp-l-prefix">
        <LightIcon icon={icon} />
      </span>
      <input
        type={password && !visible ? 'password' : 'text'}
        value={value}
        placeholder={label}
        aria-label={label}
        aria-invalid={invalid || undefined}
        autoComplete={autoComplete}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
      {password && (
        // biome-ignore lint/a11y/noStaticElementInteractions: the eye of antd's password input, a pointer convenience (the password is typed without it)
        // biome-ignore lint/a11y/useKeyWithClickEvents: idem
        <span className="mp-l-suffix" onMouseDown={(e) => e.preventDefault()} onClick={() => setVisible((v) => !v)}>
          <LightIcon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
        </span>
      )}
    </span>
  );
}

export interface CheckBoxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId?: string;
  className?: string;
}

/** A checkbox whose accessible name is its label (`children`). */
export function CheckBox({ checked, onChange, children, testId, className }: CheckBoxProps) {
  return (
    <label className={`mp-l-check${checked ? ' mp-l-check-on' : ''}${className ? ` ${className}` : ''}`}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span className="mp-l-check-label">{children}</span>
    </label>
  );
}

/** The full-width primary submit button; `loading` shows the spinning icon and ignores clicks. */
export function SubmitButton({ loading, children, className, testId }: { loading: boolean; children: ReactNode; className?: string; testId?: string }) {
  return (
    <button
      type="submit"
      className={`mp-l-btn${loading ? ' mp-l-btn-loading' : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
      aria-busy={loading || undefined}
    >
      {loading && <LightIcon icon={LoadingOutlined} spin />}
      <span>{children}</span>
    </button>
  );
}

/** The error alert above the form (antd's `Alert type="error" showIcon` look). */
export function ErrorAlert({ text, className }: { text: string; className?: string }) {
  return (
    <div className={`mp-l-alert${className ? ` ${className}` : ''}`} role="alert">
      <LightIcon icon={CloseCircleFilled} className="mp-l-alert-icon" />
      <div className="mp-l-alert-text">{text}</div>
    </div>
  );
}
