// Microsoft tenant settings no other provider covers: Entra organizational branding as desired state, Power BI push datasets, read-only lookups of Entra temporary access pass methods and Azure DevOps pushes.
package tenantkit
