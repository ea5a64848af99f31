import { useHref, useLinkClickHandler, type To } from 'react-router';
import { Button, type ButtonProps } from 'antd';

/**
 * A link in the app's link style (antd's link button) that navigates inside the app: a real
 * `<a href>` (open in a new tab works), a plain click goes through the router without a reload.
 */
export function LinkButton({
  to,
  ...props
}: { to: To } & Omit<ButtonProps, 'href' | 'type' | 'onClick'>) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLElement>(to);
  return <Button {...props} type="link" href={href} onClick={navigate} />;
}
