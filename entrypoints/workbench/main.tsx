import { render } from 'preact';
import '@/components/theme.css';
import './workbench.css';
import { App } from './app';

render(<App />, document.getElementById('app')!);
