<!doctype html>
<html>
<body>
<?php
use Shop\Models\User;

function render_user(User $user): string
{
    return htmlspecialchars($user->handle());
}
?>
<h1><?= render_user(new User(1, 'ann')) ?></h1>
</body>
</html>
