/** Sends the user to a payment page a call answered: ours (test mode) through the router, a provider's in the browser. */
import { useNavigate } from 'react-router';
import { appPathOf } from '../payment/payment-links.js';

export function useGoToCheckout(): (url: string) => void {
  const navigate = useNavigate();
  return (url) => {
    const path = appPathOf(url, window.location.origin);
    if (path) void navigate(path);
    else window.location.assign(url);
  };
}
