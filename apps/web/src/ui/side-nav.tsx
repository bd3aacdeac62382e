// The private header's side-nav toggle. The shell owns the open state and a drawer; a
// screen that has its own navigation (the project shell's side menu) registers it with
// useSideNavMenu and the drawer shows that instead of the default links. A route whose screen has
// no side nav at all declares staticData: { sideNav: false }.
import { createContext, useContext, useEffect, type ReactNode } from 'react';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** false: the route's screen has no side nav; the header keeps the rest. */
    sideNav?: false;
  }
}

export interface SideNavState {
  opened: boolean;
  toggle: () => void;
  close: () => void;
  setMenu: (menu: ReactNode | null) => void;
}

export const SideNavContext = createContext<SideNavState>({ opened: false, toggle: () => {}, close: () => {}, setMenu: () => {} });

export const useSideNav = (): SideNavState => useContext(SideNavContext);

/** Show `menu` in the side nav while the calling screen is mounted. */
export function useSideNavMenu(menu: ReactNode): void {
  const { setMenu } = useSideNav();
  useEffect(() => {
    setMenu(menu);
    return () => setMenu(null);
  }, [menu, setMenu]);
}
