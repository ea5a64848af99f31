/** The product logo (served from public/). */
export const LOGO_URL = `${import.meta.env.BASE_URL}favicon.svg`;
