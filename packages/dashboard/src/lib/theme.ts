export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'bench-theme';

/** The theme picked with the toggle, or null to follow the system's `prefers-color-scheme`. */
export function storedTheme(): Theme | null {
  const value = window.localStorage.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

export function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme | null): void {
  if (theme) {
    window.localStorage.setItem(STORAGE_KEY, theme);
    document.documentElement.dataset.theme = theme;
  } else {
    window.localStorage.removeItem(STORAGE_KEY);
    delete document.documentElement.dataset.theme;
  }
}

export function effectiveTheme(): Theme {
  return storedTheme() ?? systemTheme();
}
