import { render } from 'preact';
import { initToken } from './api.js';
import { App } from './app.js';
import './styles.css';

initToken();
render(<App />, document.getElementById('app')!);
