/**
 * A place in the app shell's top bar where a page puts its own actions (the session pages' Chat
 * button): in the header, they never float over the page's content. The shell provides the place
 * (`HeaderActionsProvider`); a page renders `HeaderActions` anywhere in its tree. Outside the shell
 * (a component test, a page without one) the actions render where they stand, in the page's flow.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

const HeaderActionsContext = createContext<HTMLElement | null>(null);

export function HeaderActionsProvider({ element, children }: { element: HTMLElement | null; children: ReactNode }) {
  return <HeaderActionsContext.Provider value={element}>{children}</HeaderActionsContext.Provider>;
}

/** Whether the page's actions go to the shell's top bar (true) or stay in the page's flow. */
export function useHasHeaderActions(): boolean {
  return useContext(HeaderActionsContext) !== null;
}

export function HeaderActions({ children }: { children: ReactNode }) {
  const element = useContext(HeaderActionsContext);
  return element === null ? children : createPortal(children, element);
}
