import { html, publicPage } from '@mailplane/html';
import type { CheckoutReturn } from '../domain/checkout-return';

// While the payment is being confirmed the page asks again by itself; the customer has nothing to press.
const REFRESH_SECONDS = 3;

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
  return publicPage(
    text.title,
    html`<h1 role="status">${text.title}</h1>
      <p>${text.say(planName)}</p>
      <p class="muted">${text.after}</p>`,
    outcome === 'processing' ? REFRESH_SECONDS : undefined,
  );
}

export function unknownCheckoutPage(): string {
  return publicPage(
    'Unknown checkout',
    html`<h1>This link is not valid</h1>
      <p>There is no such checkout. Open the billing page of your account to see your plan.</p>`,
  );
}
