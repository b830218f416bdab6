import { activeDatePlans, createDatePlanBody, datePlan, datePlanTokenParams, sharedDatePlan } from '../datesafety';
import { resourceIdParams } from './params';
import { defineRoute } from './define';

export const datesafetyApi = {
  create: defineRoute({
    method: 'POST',
    path: '/api/date-plans',
    access: 'member',
    summary: 'Share a date plan with up to three trusted contacts (texts and mail go through the job queue)',
    body: createDatePlanBody,
    status: 201,
    response: datePlan,
  }),
  active: defineRoute({
    method: 'GET',
    path: '/api/date-plans',
    access: 'member',
    summary: 'Her date plans that are still running',
    response: activeDatePlans,
  }),
  safe: defineRoute({
    method: 'POST',
    path: '/api/date-plans/:id/safe',
    access: 'member',
    summary: "I'm safe: stops the check-in (and tells nobody anything)",
    params: resourceIdParams('plan'),
    response: datePlan,
  }),
  cancel: defineRoute({
    method: 'DELETE',
    path: '/api/date-plans/:id',
    access: 'member',
    summary: 'Cancel a plan: the check-in stops and the contacts’ link stops working',
    params: resourceIdParams('plan'),
    response: datePlan,
  }),
  shared: defineRoute({
    method: 'GET',
    path: '/api/shared-dates/:token',
    access: 'public',
    summary: 'A trusted contact’s view of a plan, until 24 h after the date (then 410)',
    params: datePlanTokenParams,
    response: sharedDatePlan,
  }),
};
