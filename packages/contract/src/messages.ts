// The specification's user-facing messages, quoted exactly (misspellings included: support staff
// search for them). One place, used by the web app and, where the server answers with them, the server.
export const MESSAGES = {
  notFoundPage: 'The page you are looking for does not exist',
  noNotifications: 'No new notifications',
  selectClipsToRate: 'Please select clips to rate',
  confirmRate: (rating: string) => `Are you sure you want to rate the selected clips as ${rating}?`,
  confirmIrrelevant: 'Are you sure you want to rate the selected clips as Irrelevant?',
  confirmDeleteProject: (name: string) => `Are you sure you want to delete ${name}`,
  confirmRevokeToken: 'Are you sure you want to revoke this access token?',
  noContent: 'No Content',
  noSubfolderClips: 'No clips found for subfolders',
  deepDiveNoData: 'No data found for deep-dive',
  compareAtLeastOne: 'Choose at least 1 item to compare',
  invalidTokensPrompt: 'You have profiles with invalid access tokens. Click here to manage them.',
  // Linking social accounts: the return pages after the provider's authorisation.
  tokenGranted: 'Access token has been granted. You can now close this window.',
  tokenGrantFailed: 'Access Token Granting was unsuccessful. Please see error below:',
  noInstagramBusiness: 'It does not seem that there is any Instagram Business accounts linked to your profile.',
  youtubeAlone: 'Sorry Youtube cannot be selected alongside other streams',
  // Password flows and admin act-as
  emailEmpty: 'Email cannot be empty',
  forgotSent: (email: string) => `Forgot password link sent to ${email}`,
  forgotFailed: (email: string) => `Error occured sending forgot password to ${email}`,
  passwordsDoNotMatch: 'Passwords do not match',
  passwordSet: 'Password set successfully',
  passwordSetFailed: 'Error occurred setting password',
  userNotFoundForId: 'The user could not be found for the ID specified',
  actAsInvalidEmail: 'Please enter a valid email address!',
  actAsUserNotFound: 'User not found',
  actAsCouldNotLogin: 'Could not login',
} as const;
