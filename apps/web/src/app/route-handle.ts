/** What a route tells the shell about itself (title, front path). */
export interface RouteHandle {
  /** i18n key of the title of a fixed route (login, 401, profile, ...). */
  titleKey?: string;
  /** Front path of a registered page: its title comes from the resource list / catalogue. */
  frontPath?: string;
  /** Shown in the tag bar (pages of the layout). */
  tag?: boolean;
}
