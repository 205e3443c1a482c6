/** The demo application of MP3.0 (examples/demo-app/README.md). */
export { DemoApp, type DemoAppConfig } from './app.js';
