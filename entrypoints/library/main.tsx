import { render } from 'preact';
import '@/components/theme.css';
import './library.css';
import { App } from './app';

render(<App />, document.getElementById('app')!);
