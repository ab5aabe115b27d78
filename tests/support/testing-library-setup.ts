/**
 * Setup of the `unit` and `forms` projects: Testing Library's `waitFor` and `findBy*` wait up to
 * 10 s for their condition (its default is 1 s). A condition that holds returns at once; the
 * longer bound only matters on a busy machine, where a lazily loaded block or a jsdom render can
 * take more than a second, and a test must wait for the condition rather than fail on the clock.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
