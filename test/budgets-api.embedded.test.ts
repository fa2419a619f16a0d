import { describeBudgetsApi } from "./budgets-api.suite";

describeBudgetsApi("embedded");
