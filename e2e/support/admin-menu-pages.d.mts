/** Types of admin-menu-pages.mjs (plain JavaScript so the bench can import it). */
export declare const ADMIN_MENU_PAGES: string[];
