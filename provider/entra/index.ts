/** Microsoft Entra ID: temporary access pass lookups (area A); organizational branding follows (area B). */
export * from "./temporaryAccessPass";
