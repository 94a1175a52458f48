import type { CheckoutReturn } from '../domain/checkout-return';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

// While the payment is being confirmed the page asks again by itself; the customer has nothing to press.
const REFRESH_SECONDS = 3;

function layout(title: string, body: string, refresh = false): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh ? `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">\n` : ''}<title>${escape(title)}</title>
<style>
  body { font: 1.0625rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; padding: 1.5rem; color: #1a1a1a; background: #f6f6f4; }
  main { max-width: 30rem; margin: 10vh auto 0; background: #fff; padding: 2rem 1.5rem; border-radius: .75rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
  .muted { color: #4b5563; font-size: .9375rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

const TEXTS: Record<CheckoutReturn['outcome'], { title: string; say: (plan: string) => string; after: string }> = {
  paid: {
    title: 'Payment received',
    say: (plan) => `Thank you. Your ${plan} plan is active.`,
    after: 'You can close this page.',
  },
  refunded: {
    title: 'Payment refunded',
    say: (plan) => `Your payment for ${plan} went through, but your account already had a plan, so it is refunded in full.`,
    after: 'The refund reaches you the way you paid, usually within a few days.',
  },
  processing: {
    title: 'Confirming your payment',
    say: (plan) => `We are waiting for the payment provider to confirm your payment for ${plan}.`,
    after: 'This page updates by itself.',
  },
  not_paid: {
    title: 'Payment not completed',
    say: (plan) => `Your payment for ${plan} did not go through, and nothing was charged.`,
    after: 'You can start a new checkout from your account.',
  },
};

export function checkoutReturnPage({ outcome, planName }: CheckoutReturn): string {
  const text = TEXTS[outcome];
  return layout(
    text.title,
    `<h1 role="status">${escape(text.title)}</h1>\n<p>${escape(text.say(planName))}</p>\n<p class="muted">${escape(text.after)}</p>`,
    outcome === 'processing',
  );
}

export function unknownCheckoutPage(): string {
  return layout(
    'Unknown checkout',
    '<h1>This link is not valid</h1>\n<p>There is no such checkout. Open the billing page of your account to see your plan.</p>',
  );
}
