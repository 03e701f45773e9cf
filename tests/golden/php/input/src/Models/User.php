<?php

namespace Shop\Models;

use Shop\Contracts\Entity;
use Shop\Contracts\Repository as Repo;
use function Shop\Support\slug;
use const Shop\Support\VERSION;

enum Role: string
{
    case Admin = 'admin';
    case Guest = 'guest';

    public function label(): string
    {
        return ucfirst($this->value);
    }
}

/**
 * A registered user.
 */
#[Entity('users')]
final class User extends Model
{
    public const KIND = 'user';

    private array $tags = [], $notes = [];

    public function __construct(int $id, private readonly string $name, public Role $role = Role::Guest)
    {
        parent::__construct($id);
    }

    protected function validate(): bool
    {
        return $this->name !== '' && self::KIND === 'user';
    }

    public function handle(): string
    {
        $copy = User::make($this->id);
        $copy->save($this);
        if ($copy instanceof Repo) {
            return slug($this->name) . VERSION . Repo::DEFAULT_LIMIT;
        }
        return \Shop\Support\slug(Role::Admin->label());
    }
}
