import { useEffect, useState, type ReactNode } from 'react';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
// The plain and password inputs only: antd's Input index also brings TextArea, Search and OTP,
// ~10 KB gzip that /login does not need (bundle budget, ARCHITECTURE.md).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { isApiError } from '../../../shared/api/errors';
import { LOGO_URL } from '../../../shared/components/logo';
import { localMessage } from '../../../shared/i18n';
import { LanguageSwitch } from '../../../shared/i18n/LanguageSwitch';
import { postLoginTarget } from '../../../shared/permission/login-target';
import { ALWAYS_OPEN_PATHS } from '../../../shared/permission/fixed-paths';
import { loadAppRoutes } from '../../../shared/routing/app-routes';
import { safeRedirect } from '../../../shared/session/session-rules';
import { startSession } from '../../../shared/session/session';
import { usePermissionStore } from '../../../shared/stores/permission';
import { useSettingsStore } from '../../../shared/stores/settings';
import { login } from './api';
import { useCaptcha } from './use-captcha';
import './login.css';

interface LoginValues {
  username: string;
  password: string;
  verifyCode: string;
}

type LoginField = keyof LoginValues;
type LoginErrors = Partial<Record<LoginField, string>>;

const EMPTY: LoginValues = { username: '', password: '', verifyCode: '' };

/**
 * One field of the login form: its label, its control and the error under it, laid out as antd's
 * vertical form items are. The login form is the one form without antd's Form: its three
 * required fields do not need the field store and validator (~27 KB gzip), and /login is the
 * first page every operator loads (its budget is 220 KB, ARCHITECTURE.md / issue 16).
 */
function LoginItem(props: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`login-item${props.error ? ' login-item-error' : ''}`}>
      <label className="login-item-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.error && (
        <div className="login-item-explain" id={`${props.id}_help`} role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}

/** /login: user name, password and captcha (click the image for a new one); honours ?redirect=. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const title = useSettingsStore((s) => s.title);
  const captcha = useCaptcha();
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server asks for the captcha after repeated failures even where it is turned off.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captchaEnabled = (captcha.data ? captcha.data.enabled : true) || captchaAsked;

  /** The message of a field left empty (blank for the user name and the captcha). */
  const missing = (field: LoginField, value: string): string | undefined => {
    if (field === 'password') return value === '' ? t('login.passwordRequired') : undefined;
    if (value.trim() !== '') return undefined;
    if (field === 'username') return t('login.usernameRequired');
    return captchaEnabled ? t('login.captchaRequired') : undefined;
  };

  const change = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A field shown wrong is checked again as it is typed in (as antd's form does).
    if (errors[field]) setErrors((e) => ({ ...e, [field]: missing(field, value) }));
  };

  const refreshCaptcha = () => {
    setValues((v) => ({ ...v, verifyCode: '' }));
    captcha.refresh();
  };

  // Whether the captcha is asked is known once its first answer came: a login sent before that
  // waits for it (else the captcha field, shown while unknown, would refuse it empty, and then
  // vanish with its message when the answer says there is none: a click that did nothing).
  const [waitingForCaptcha, setWaitingForCaptcha] = useState(false);
  const captchaUnknown = captcha.loading && captcha.data === null;
  useEffect(() => {
    if (!waitingForCaptcha || captchaUnknown) return;
    setWaitingForCaptcha(false);
    void onSubmit();
    // onSubmit is this render's: it reads the captcha's answer that ended the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitingForCaptcha, captchaUnknown]);

  const onSubmit = async () => {
    if (captchaUnknown) return setWaitingForCaptcha(true);
    const found: LoginErrors = {};
    for (const field of Object.keys(EMPTY) as LoginField[]) {
      const message = missing(field, values[field]);
      if (message) found[field] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setError(null);
    setSubmitting(true);
    try {
      const token = await login({
        username: values.username.trim(),
        password: values.password,
        verifyCode: values.verifyCode.trim(),
        verifyKey: captcha.data?.verifyKey ?? '',
      });
      startSession(token);
      // The routes the operator may open are known once the app's routes have loaded.
      await loadAppRoutes();
      const target = postLoginTarget(redirect, usePermissionStore.getState(), ALWAYS_OPEN_PATHS);
      await navigate(target, { replace: true });
    } catch (e) {
      setError(
        isApiError(e)
          ? localMessage(e.msg) || t('api.errorState', { state: e.state })
          : t('common.failed'),
      );
      if (isApiError(e)) {
        const fieldErrors: LoginErrors = {};
        for (const f of e.fieldErrors)
          if (f.field in EMPTY) fieldErrors[f.field as LoginField] = localMessage(f.msg);
        setErrors(fieldErrors);
      }
      const asked =
        isApiError(e) && (e.data as { captchaRequired?: unknown } | null)?.captchaRequired === true;
      if (asked) setCaptchaAsked(true);
      if (captchaEnabled || asked) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const invalid = (field: LoginField) =>
    errors[field]
      ? {
          status: 'error' as const,
          'aria-invalid': true,
          'aria-describedby': `login_${field}_help`,
        }
      : {};

  return (
    <main className="login-page">
      <section className="login-brand" aria-hidden="true">
        <div className="login-brand-head">
          <img src={LOGO_URL} alt="" />
          <span>{title}</span>
        </div>
        <div className="login-brand-body">
          <h2>{t('login.sloganTitle')}</h2>
          <p>{t('login.sloganText')}</p>
        </div>
        <div className="login-brand-foot">{t('login.footer')}</div>
      </section>
      <section className="login-panel">
        <LanguageSwitch className="login-language" />
        <div className="login-mobile-head">
          <img src={LOGO_URL} alt="" />
          <span>{title}</span>
        </div>
        <div className="login-card">
          <h1 className="login-card-title">{t('login.heading')}</h1>
          <p className="login-card-sub">{t('login.welcome')}</p>
          {error && (
            <div className="login-error" role="alert" data-testid="login-error">
              {error}
            </div>
          )}
          <form
            className="login-form"
            name="login"
            autoComplete="on"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void onSubmit();
            }}
          >
            <LoginItem id="login_username" label={t('login.username')} error={errors.username}>
              <Input
                id="login_username"
                size="large"
                value={values.username}
                onChange={(e) => change('username', e.target.value)}
                prefix={<UserOutlined aria-hidden />}
                placeholder={t('login.usernamePlaceholder')}
                autoComplete="username"
                autoFocus
                {...invalid('username')}
              />
            </LoginItem>
            <LoginItem id="login_password" label={t('login.password')} error={errors.password}>
              <Password
                id="login_password"
                size="large"
                value={values.password}
                onChange={(e) => change('password', e.target.value)}
                prefix={<LockOutlined aria-hidden />}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                {...invalid('password')}
              />
            </LoginItem>
            {captchaEnabled && (
              <LoginItem id="login_verifyCode" label={t('login.captcha')} error={errors.verifyCode}>
                <div className="captcha-row">
                  <Input
                    id="login_verifyCode"
                    size="large"
                    value={values.verifyCode}
                    onChange={(e) => change('verifyCode', e.target.value)}
                    prefix={<SafetyOutlined aria-hidden />}
                    placeholder={t('login.captchaPlaceholder')}
                    autoComplete="off"
                    {...invalid('verifyCode')}
                  />
                  <button
                    type="button"
                    className="captcha-button"
                    onClick={refreshCaptcha}
                    aria-label={t('login.captchaImage')}
                    title={t('login.captchaRefresh')}
                  >
                    {captcha.data?.img ? (
                      <img src={captcha.data.img} alt={t('login.captcha')} />
                    ) : (
                      <span>
                        {captcha.loading ? t('login.captchaLoading') : t('login.captchaRefresh')}
                      </span>
                    )}
                  </button>
                </div>
              </LoginItem>
            )}
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={submitting || waitingForCaptcha}
            >
              {t('login.submit')}
            </Button>
          </form>
        </div>
      </section>
    </main>
  );
}
