import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/i18n';
import './app/global.css';
import { App } from './app/App';
import { bootstrap } from './app/bootstrap';

const router = bootstrap();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
