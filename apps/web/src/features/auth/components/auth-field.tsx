import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightIcon, type LightIconName } from '../../../components/light-icon';
import '../auth.css';

/** Label, control and the field's error below it (styles in styles.css, "Signed-out pages"). */
export function AuthField({
  label,
  htmlFor,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'auth-field has-error' : 'auth-field'}>
      <label className="auth-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error && (
        <div className="auth-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { icon?: LightIconName };

/** A text input in antd's look; `type="password"` gets a show/hide toggle. */
export function AuthInput({ icon, type = 'text', className, ...props }: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  return (
    <span className={`auth-input${className ? ` ${className}` : ''}`}>
      {icon && <LightIcon name={icon} />}
      <input type={isPassword && shown ? 'text' : type} {...props} />
      {isPassword && (
        <button
          type="button"
          className="auth-input-toggle"
          aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          <LightIcon name={shown ? 'eye' : 'eyeInvisible'} />
        </button>
      )}
    </span>
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { primary?: boolean; loading?: boolean };

export function AuthButton({ primary = false, loading = false, children, disabled, ...props }: ButtonProps) {
  return (
    <button
      type="button"
      className={primary ? 'auth-button is-primary' : 'auth-button'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <LightIcon name="loading" spin />}
      {children}
    </button>
  );
}
