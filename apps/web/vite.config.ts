import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on its own port; everything the server answers is proxied to it,
// so the app always calls same-origin paths (the four hosts are prefixes). The CRM,
// mentor and keywords hosts are proxied only below their /api, because /mentor/document/... is
// also a screen of the app.
const api = 'http://127.0.0.1:8080';
const proxied = ['/api', '/crm/api', '/mentor/api', '/keywords/api', '/docs', '/healthz'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: api, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
