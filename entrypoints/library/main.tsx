import { render } from 'preact';
import '@/components/theme.css';
import './library.css';
import { App } from './app';
import { WatchedNav } from './watched-nav';

render(<WatchedNav reports={<App />} />, document.getElementById('app')!);
