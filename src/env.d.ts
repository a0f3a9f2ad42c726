declare namespace App {
  interface Locals {
    /** The signed-in member of staff, set by the /staff gate (src/lib/auth/staff-area.ts). */
    staffUser?: { name: string | null; email: string | null };
    /** Auth.js's CSRF token for the sign-in and sign-out forms on /staff pages. */
    csrfToken?: string;
  }
}
