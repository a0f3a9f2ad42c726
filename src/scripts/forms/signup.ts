import { enhanceApiForm } from './api-form.ts';

/** Every newsletter form on the page (the footer's and the newsletter page's). */
export function enhanceSignupForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-signup-form]')) {
    enhanceApiForm(form, {
      endpoint: '/api/email-marketing-signup',
      lazyChallenge: form.dataset.lazyChallenge === 'true',
      body(f) {
        const data = new FormData(f);
        const name = String(data.get('name') ?? '').trim();
        const interests = data.getAll('interests').map(String);
        return {
          email: String(data.get('email') ?? '').trim(),
          ...(name ? { name } : {}),
          ...(interests.length ? { interests } : {}),
          source: location.pathname.slice(0, 200),
        };
      },
      success: () => 'Thank you. Check your inbox: follow the link in our email to confirm your subscription.',
    });
  }
}
