import { render } from 'preact';
import { App } from './app';
import { followLink } from './lib/router';
import { storedTheme } from './lib/theme';
import './styles.css';

// The stored theme before the first paint (index.html may not carry an inline script: the CSP forbids it).
const theme = storedTheme();
if (theme) document.documentElement.dataset.theme = theme;

// In-app links change the page without a reload.
document.addEventListener('click', followLink);

render(<App />, document.getElementById('app')!);
