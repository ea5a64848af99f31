import { useState } from 'react';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Form } from 'antd';
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
import { applyFieldErrors } from '../../../shared/utils/form';
import { login } from './api';
import { useCaptcha } from './use-captcha';
import './login.css';

interface LoginValues {
  username: string;
  password: string;
  verifyCode?: string;
}

/** /login: user name, password and captcha (click the image for a new one); honours ?redirect=. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const title = useSettingsStore((s) => s.title);
  const [form] = Form.useForm<LoginValues>();
  const captcha = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server asks for the captcha after repeated failures even where it is turned off.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captchaEnabled = (captcha.data ? captcha.data.enabled : true) || captchaAsked;

  const refreshCaptcha = () => {
    form.setFieldValue('verifyCode', '');
    captcha.refresh();
  };

  const onFinish = async (values: LoginValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const token = await login({
        username: values.username.trim(),
        password: values.password,
        verifyCode: (values.verifyCode ?? '').trim(),
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
      applyFieldErrors(form, e);
      const asked =
        isApiError(e) && (e.data as { captchaRequired?: unknown } | null)?.captchaRequired === true;
      if (asked) setCaptchaAsked(true);
      if (captchaEnabled || asked) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

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
          <Form<LoginValues>
            form={form}
            name="login"
            layout="vertical"
            size="large"
            requiredMark={false}
            onFinish={onFinish}
            autoComplete="on"
          >
            <Form.Item
              label={t('login.username')}
              name="username"
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input
                prefix={<UserOutlined aria-hidden />}
                placeholder={t('login.usernamePlaceholder')}
                autoComplete="username"
                autoFocus
              />
            </Form.Item>
            <Form.Item
              label={t('login.password')}
              name="password"
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Password
                prefix={<LockOutlined aria-hidden />}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
              />
            </Form.Item>
            {captchaEnabled && (
              <Form.Item label={t('login.captcha')} required>
                <div className="captcha-row">
                  <Form.Item
                    name="verifyCode"
                    noStyle
                    rules={[
                      { required: true, whitespace: true, message: t('login.captchaRequired') },
                    ]}
                  >
                    <Input
                      prefix={<SafetyOutlined aria-hidden />}
                      placeholder={t('login.captchaPlaceholder')}
                      aria-label={t('login.captcha')}
                      autoComplete="off"
                    />
                  </Form.Item>
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
              </Form.Item>
            )}
            <Form.Item style={{ marginBottom: 8 }}>
              <Button type="primary" htmlType="submit" block loading={submitting}>
                {t('login.submit')}
              </Button>
            </Form.Item>
          </Form>
        </div>
      </section>
    </main>
  );
}
