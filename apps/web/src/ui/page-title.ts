// The browser tab's title: each screen names itself, so tabs and history entries can be told
// apart ('Projects · Acme Beverages · Listening').
import { createContext, useContext, useEffect } from 'react';

export const PRODUCT_NAME = 'Listening';

/** Joins the parts given, most specific first, and ends with the product's name. */
export const pageTitle = (...parts: (string | null | undefined | false)[]): string => [...parts.filter((p): p is string => !!p), PRODUCT_NAME].join(' · ');

/** Where a screen sits (inside a project: the project's name), added after the screen's own title. */
export const PageTitleScope = createContext<readonly string[]>([]);

/** Sets the tab title while the screen is shown; parts that are not known yet are left out. */
export function usePageTitle(...parts: (string | null | undefined | false)[]): void {
  const scope = useContext(PageTitleScope);
  const title = pageTitle(...parts, ...scope.filter((s) => !parts.includes(s)));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
