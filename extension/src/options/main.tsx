import { createRoot } from 'react-dom/client';
import { SettingsPage } from './settings-page';
import './options.css';

const mount = document.getElementById('root');
if (mount) createRoot(mount).render(<SettingsPage />);
