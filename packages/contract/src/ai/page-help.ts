/**
 * What the AI assistant's panel says on each page (spec §4): a welcome text and suggestion buttons. The built-in
 * assistant answers every suggestion listed here.
 */
import type { AiPageKey } from './pages.ts';

export interface AiPageHelp {
  /** The page's name as people say it. */
  title: string;
  welcome: string;
  suggestions: readonly string[];
}

export const AI_PAGE_HELP: Readonly<Record<AiPageKey, AiPageHelp>> = {
  dashboard_overview: {
    title: 'Dashboard',
    welcome: 'Welcome to the dashboard. I can tell you how onboarding is going, what waits for a decision and which tools fail.',
    suggestions: ['How many applications wait for review?', 'How is onboarding going this week?', 'Which tools failed today?'],
  },
  workflow_management: {
    title: 'All Workflows',
    welcome: 'Here you manage your workflows. Ask me about their status, their steps or how to publish a change.',
    suggestions: ['Which workflows are active?', 'How do I publish a workflow?', 'Where do applicants drop off?'],
  },
  workflow_builder: {
    title: 'Visual Builder',
    welcome: 'You are in the Visual Builder. I can explain step types, conditions and how to connect and validate steps.',
    suggestions: ['What step types can I use?', 'How do I write a condition?', 'How do I add an approval step?'],
  },
  workflow_templates: {
    title: 'Workflow Templates',
    welcome: 'Templates give a workflow a head start. Ask me which ones exist and how to start from one.',
    suggestions: ['Which workflow templates are there?', 'How do I create a workflow from a template?', 'What step types can I use?'],
  },
  tool_management: {
    title: 'Tool Registry',
    welcome: 'This is the Tool Registry. I can tell you which tools are approved, which fail and how to register a new one.',
    suggestions: ['Which tools failed today?', 'How do I register a tool?', 'Which tools wait for approval?'],
  },
  tool_builder: {
    title: 'Tool form',
    welcome: 'Describe a tool and its type. I can explain tool types, configuration and the MCP name rules.',
    suggestions: ['What tool types are there?', 'How do I register a tool?', 'How are tools called over MCP?'],
  },
  tool_marketplace: {
    title: 'Tool marketplace',
    welcome: 'Browse tools you could add. I can explain what each tool type does and how approval works.',
    suggestions: ['What tool types are there?', 'Which tools wait for approval?', 'How are tools called over MCP?'],
  },
  application_monitoring: {
    title: 'Real-time Monitor',
    welcome: 'The Real-time Monitor shows cases as they move. Ask me what waits, what is overdue or what failed.',
    suggestions: ['How many applications wait for review?', 'Which reviews are overdue?', 'Why do applications fail?'],
  },
  application_analytics: {
    title: 'Application Analytics',
    welcome: 'Application analytics: starts, outcomes and time to decision. Ask me for figures of a period.',
    suggestions: ['How is onboarding going this week?', 'What is the approval rate this month?', 'Why do applications fail?'],
  },
  user_management: {
    title: 'User Management',
    welcome: 'Here you manage user accounts. I can tell you who holds a role, who is locked out and what each role may do.',
    suggestions: ['Which users are locked?', 'Who can approve KYC cases?', 'What can an operator do?'],
  },
  role_management: {
    title: 'Roles',
    welcome: 'Roles decide what people may do. Ask me what a role may do or who holds it.',
    suggestions: ['What can an operator do?', 'What can a manager do?', 'Who can approve KYC cases?'],
  },
  organization_management: {
    title: 'Organizations',
    welcome: 'Organizations keep their data apart. Ask me about organizations and how to switch between them.',
    suggestions: ['How many organizations are there?', 'How do I switch organization?', 'What can an administrator do?'],
  },
  analytics_dashboard: {
    title: 'Analytics',
    welcome: 'The analytics show where applicants drop off, how long decisions take and which tools fail.',
    suggestions: ['Where do applicants drop off?', 'Which tools failed today?', 'How is onboarding going this week?'],
  },
  compliance_management: {
    title: 'Compliance',
    welcome: 'Compliance: who decided what and when. Ask me about reviews, their deadlines and who may approve.',
    suggestions: ['Which reviews are overdue?', 'Who can approve KYC cases?', 'What can a compliance officer do?'],
  },
  system_settings: {
    title: 'System Settings',
    welcome: 'System settings change how the portal behaves. Ask me about your preferences, sessions and security.',
    suggestions: ['How long does a session last?', 'How do I change my password?', 'What are my permissions?'],
  },
  general_admin: {
    title: 'Admin Portal',
    welcome: 'Hello! I am the Admin Portal assistant. Ask me about your workflows, applications, tools and users.',
    suggestions: ['How many applications wait for review?', 'Which tools failed today?', 'What are my permissions?'],
  },
};
