import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // React Router 8's behaviour, taken now where it changes nothing for this app (decision 015). Two stay
  // off until the upgrade: middleware would turn the load context every loader gets into another object,
  // and pass-through requests would hand loaders the `.data` URL, which the sign-in redirects read.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
