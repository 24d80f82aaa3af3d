export { DEMO_LEDGER, demoConfig } from './demo/demo-config';
export { startDemoUpstream, DEMO_MEMBERS, type DemoUpstream, type DemoMember } from './demo/demo-upstream';
