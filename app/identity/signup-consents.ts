/** The form input of a sign-up consent question (shared by the form and its action). */
export const consentInput = (fieldName: string) => `consent:${fieldName}`;
