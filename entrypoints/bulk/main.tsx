import { render } from 'preact';
import '@/components/theme.css';
import './bulk.css';
import { App } from './app';

render(<App />, document.getElementById('app')!);
