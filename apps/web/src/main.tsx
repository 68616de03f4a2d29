import './ui/theme/tokens.css';
import './ui/theme/global.css';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
startApp({ container });
