import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaResponse } from '@health/contract';
import { fetchCaptcha } from './api';

/** The login captcha: loaded on mount, reloaded on demand (click, failed login). Single use. */
export function useCaptcha() {
  const [data, setData] = useState<CaptchaResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const call = ++latest.current;
    setLoading(true);
    fetchCaptcha()
      .then((captcha) => {
        if (call === latest.current) setData(captcha);
      })
      .catch(() => {
        // The API client has shown the error; the image button offers a retry.
        if (call === latest.current) setData(null);
      })
      .finally(() => {
        if (call === latest.current) setLoading(false);
      });
  }, []);

  useEffect(() => {
    refresh();
  }, [refresh]);

  return { data, loading, refresh };
}
