# a string given to class_eval is code: a name in it that names a method this file defines is a call on a
# receiver the resolver cannot see (ambiguous, never resolved); a def's own name and an interpolated one are none
class CodeStrings
  def self.define_readers(names)
    names.each do |name|
      class_eval "def read_#{name}; _code_helper(:#{name}); end"
      #                              ^ ambiguous: lib/dynamic/code_strings.rb:20
      class_eval <<-RUBY, __FILE__, __LINE__ + 1
        def _heredoc_target
        #   ^ none
          _heredoc_target_helper
        # ^ ambiguous: lib/dynamic/code_strings.rb:22
        end
      RUBY
    end
  end

  private

  def _code_helper(name); end

  def _heredoc_target_helper; end

  def _heredoc_target; end
end
