/** Rows per page in the staff tables. */
export const PAGE_SIZE = 50;

export interface PageWindow {
  page: number;
  pages: number;
  offset: number;
  limit: number;
}

/**
 * The page asked for in `?page=` (1-based), kept inside what exists: junk reads as page 1, past the end as the
 * last page.
 * @example pageWindow('3', 120) // { page: 3, pages: 3, offset: 100, limit: 50 }
 */
export function pageWindow(requested: string | null, total: number, size = PAGE_SIZE): PageWindow {
  const pages = Math.max(1, Math.ceil(total / size));
  const asked = /^\d{1,9}$/.test(requested ?? '') ? Number(requested) : 1;
  const page = Math.min(Math.max(asked, 1), pages);
  return { page, pages, offset: (page - 1) * size, limit: size };
}
